import { describe, expect, it } from 'vitest';
import { appUrl, handoffOrigin, isMobileBrowser, isMobileDevice } from './mobile-app.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('mobile-browser redirect to the app (spec 1 §2.1)', () => {
  it('tells a mobile browser from a desktop one and from the native app', () => {
    expect(isMobileBrowser(undefined, ANDROID)).toBe(true);
    expect(isMobileBrowser(undefined, IPHONE)).toBe(true);
    expect(isMobileBrowser(undefined, DESKTOP)).toBe(false);
    expect(isMobileBrowser(undefined, `${ANDROID} LearningApp/1.85.480`)).toBe(false);
  });

  it("tells the native app by the server's APP_USER_AGENT marker when it names one", () => {
    expect(isMobileBrowser('AcmeLearning/', `${ANDROID} AcmeLearning/2.0`)).toBe(false);
    expect(isMobileBrowser('AcmeLearning/', `${ANDROID} LearningApp/1.85.480`)).toBe(true);
    expect(isMobileDevice(`${ANDROID} AcmeLearning/2.0`)).toBe(true);
    expect(isMobileDevice(DESKTOP)).toBe(false);
  });

  it('takes over set-password, login-{partner} and any URL with message_id, nothing else', () => {
    expect(handoffOrigin('/set-password/ana%40x.com/MTI/abc-123', '')).toBe('set-password');
    expect(handoffOrigin('/login-chipco', '?code=1&state=2')).toBe('login-chipco');
    expect(handoffOrigin('/messages', '?message_id=7')).toBe('message');
    expect(handoffOrigin('/recover-password/a/b/c', '')).toBeNull();
    expect(handoffOrigin('/home', '?x=1')).toBeNull();
  });

  it('keeps the parameters and names the origin', () => {
    expect(appUrl('learning', '/login-chipco', '?code=1&state=2', 'login-chipco')).toBe('learning://open?code=1&state=2&origin=login-chipco');
    expect(appUrl('learning', '/messages', '?message_id=7', 'message')).toBe('learning://open?message_id=7&origin=message');
    expect(appUrl('learning', '/set-password/ana%40x.com/MTI/abc-123', '', 'set-password'))
      .toBe('learning://open?username=ana%40x.com&uidb64=MTI&token=abc-123&origin=set-password');
  });
});
