import { readPlatformCliOptions } from '../../src/cli/read-platform-cli-options';

describe('readPlatformCliOptions: the public API rate limits', () => {
  it('reads them from GROVE_API_RATE_LIMITS or --api-rate-limits, per minute, hour and day', () => {
    expect(readPlatformCliOptions([], { GROVE_API_RATE_LIMITS: '5,50,500' })).toMatchObject({
      publicApiRateLimits: { perMinute: 5, perHour: 50, perDay: 500 },
    });
    expect(
      readPlatformCliOptions(['--api-rate-limits', '7, 70, 700'], {}).publicApiRateLimits,
    ).toEqual({ perMinute: 7, perHour: 70, perDay: 700 });
    expect(readPlatformCliOptions([], {}).publicApiRateLimits).toBeUndefined();
  });

  it('refuses anything but three positive integers', () => {
    for (const value of ['60,1000', '0,1,2', '60,1000,ten', '1,2,3,4', '-1,2,3']) {
      expect(() => readPlatformCliOptions(['--api-rate-limits', value], {})).toThrow(
        /three positive integers/,
      );
    }
  });
});
