// The public API of @grove/console. Hand-written: every export is chosen.
//
// The console is a single-page app built by Vite into `dist/app`; this entry only tells a server
// where it is and how it is addressed. `@grove/platform` serves it under `/console/`.

export { CONSOLE_BASE_PATH, CONSOLE_STYLESHEET_PATH, consoleAssetsDir } from './console-assets';
