/**
 * Browser and operating system from a User-Agent header, for the list of signed-in devices.
 * A few ordered tests, not a full parser: the order matters (Edge and Opera also say
 * "Chrome", Chrome also says "Safari").
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\b(?:OPR|Opera)\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\bHeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/\bChrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
  [/\bcurl\/(\d+)/, "curl"],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, "Node.js"],
  [/\bbis-cli\/(\d+)/, "BIS CLI"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b.*\bOS (\d+)/, "iOS"],
  [/\bAndroid (\d+)/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows NT\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export interface Device {
  browser: string;
  os: string;
}

export function parseUserAgent(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? "";
  let browser = "Unknown browser";
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  let os = "Unknown system";
  for (const [pattern, name] of SYSTEMS) {
    const match = pattern.exec(ua);
    if (match) {
      os = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  return { browser, os };
}
