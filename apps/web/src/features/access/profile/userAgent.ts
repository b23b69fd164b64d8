/**
 * A readable device and browser from a user agent string ("Chrome 131 on macOS 10.15.7"), enough for a sign-in
 * history. Only the families people meet in practice are named; anything else shows its product token.
 */
export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'script' | 'unknown';

export interface UserAgentInfo {
  browser: string | null;
  os: string | null;
  device: DeviceKind;
}

const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Yandex Browser', /YaBrowser\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Vivaldi', /Vivaldi\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Headless Chrome', /HeadlessChrome\/(\d+)/],
  ['Chromium', /Chromium\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)(?:\.\d+)*.*Safari\//],
];

const SCRIPTS: [name: string, pattern: RegExp][] = [
  ['curl', /^curl\/([\d.]+)/i],
  ['Postman', /PostmanRuntime\/([\d.]+)/],
  ['Python', /python-(?:requests|httpx|urllib)[/ ]?([\d.]*)/i],
  ['Node.js', /^(?:node|undici|node-fetch|axios)(?:\/([\d.]+))?/i],
  ['Go', /^Go-http-client\/([\d.]+)/],
];

const WINDOWS: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7' };

function osOf(ua: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /Windows NT ([\d.]+)/.exec(ua))) return `Windows ${WINDOWS[m[1]] ?? m[1]}`;
  if ((m = /(?:iPhone|CPU) OS (\d+)[_.](\d+)/.exec(ua))) return `iOS ${m[1]}.${m[2]}`;
  if (/iPad/.test(ua)) return 'iPadOS';
  if ((m = /Mac OS X (\d+)[_.](\d+)(?:[_.](\d+))?/.exec(ua))) return `macOS ${[m[1], m[2], m[3]].filter(Boolean).join('.')}`;
  if ((m = /Android (\d+(?:\.\d+)?)/.exec(ua))) return `Android ${m[1]}`;
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Ubuntu/.test(ua)) return 'Ubuntu';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

export function describeUserAgent(ua: string | null | undefined): UserAgentInfo {
  const text = (ua ?? '').trim();
  if (!text) return { browser: null, os: null, device: 'unknown' };
  for (const [name, pattern] of SCRIPTS) {
    const m = pattern.exec(text);
    if (m) return { browser: m[1] ? `${name} ${m[1]}` : name, os: null, device: 'script' };
  }
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const m = pattern.exec(text);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  if (!browser) browser = /^([A-Za-z][\w.-]*)(?:\/([\d.]+))?/.exec(text)?.[0] ?? null;
  const device: DeviceKind = /iPad|Tablet|(Android(?!.*Mobile))/.test(text)
    ? 'tablet'
    : /Mobi|iPhone|iPod|Android.*Mobile/.test(text)
      ? 'mobile'
      : 'desktop';
  return { browser, os: osOf(text), device };
}
