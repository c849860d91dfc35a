import {
  ADMIN_PASSWORD,
  captureScreen,
  describeInBrowser,
  signIn,
  startConsoleWorld,
} from './helpers/console-browser';
import type { ConsoleWorld } from './helpers/console-browser';

describeInBrowser('console: sign in and out', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(() => world.close());

  it('refuses a wrong password with the server message, then signs in and out', async () => {
    const context = await world.newContext();
    const page = await context.newPage();
    await page.goto('/console/');
    await captureScreen(page, 'sign-in');
    await page.getByLabel('Email').fill(world.bootstrap.adminEmail);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();

    await signIn(page, world.bootstrap.adminEmail, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(await page.getByRole('link', { name: 'My project' }).count()).toBe(1);
    await captureScreen(page, 'projects');

    // The session cookie is HttpOnly: the page's script cannot read it, and nothing is stored.
    expect(await page.evaluate('document.cookie')).toBe('');
    expect(await page.evaluate('localStorage.length + sessionStorage.length')).toBe(0);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'grove_admin_session', httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    const response = await fetch(`${world.url}/api/admin/session`, {
      headers: { cookie: `grove_admin_session=${cookie!.value}` },
    });
    expect(response.status).toBe(401);
    await context.close();
  });

  it('works with the keyboard alone, with a visible focus and a skip link', async () => {
    const context = await world.newContext();
    const page = await context.newPage();
    await page.goto('/console/');
    await page.getByLabel('Email').waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.getAttribute("name")')).toBe('email');
    await page.keyboard.type(world.bootstrap.adminEmail);
    // The focused control shows an outline (`:focus-visible`).
    expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe(
      'solid',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();

    // The first Tab reaches the skip link, which moves the focus to the screen.
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main');
    await context.close();
  });
});
