// The hostile values the fuzzer mixes into parameters and bodies: strings (unicode of every
// awkward kind, injection strings of the usual families, path traversal, CRLF), numbers at and
// past every edge, keys that poison prototypes, and whole-value shape changes.
import type { Random } from "./random";

export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n",
  "null",
  "undefined",
  "NaN",
  "true",
  "0",
  "-1",
  "1e309",
  "0x1f",
  "[]",
  "{}",
  // Unicode: RTL, emoji (with ZWJ and skin tone), NUL, lone surrogates, combining marks, Thai,
  // Vietnamese, a BOM, zero-width and overlong-looking forms.
  "\u202e\u0645\u0631\u062d\u0628\u0627 abc",
  "👩🏽‍💻🧪🏳️‍🌈",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfffy",
  "Z\u0351\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a",
  "สวัสดีครับ ร้านค้า",
  "Tiếng Việt có dấu: ắằẳẵặ",
  "\ufeffbom",
  "a\u200b\u200c\u200db",
  "\u00c0\u0300\u0301",
  "𝕬𝖇𝖈",
  "\uffff\ufffe",
  // Injection families.
  "' OR '1'='1",
  "1; DROP TABLE users;--",
  '" OR 1=1 --',
  "1' UNION SELECT null,version()--",
  "%' AND pg_sleep(0)--",
  "\\",
  "\\x00",
  "$1",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "..\\..\\windows\\win.ini",
  "/etc/passwd\u0000.png",
  "line1\r\nSet-Cookie: x=1",
  "%0d%0aX-Injected: 1",
  "{{7*7}}",
  "${7*7}",
  "<%= 7*7 %>",
  "#{7*7}",
  "__proto__",
  "constructor",
  "prototype",
  "*",
  "%",
  "_",
  "%00",
  "%zz",
  "?a=b&c=d",
  "#fragment",
  "http://127.0.0.1:1/",
  "file:///etc/passwd",
  "a".repeat(257),
  "9".repeat(40),
  "-" + "9".repeat(30),
];

export const NASTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1e-300,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e21,
  123456789012345,
];

/** Text forms of numbers that JSON cannot carry but query strings and raw bodies can. */
export const NASTY_NUMBER_TEXTS: readonly string[] = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "-1e999",
  "0x10",
  "1_000",
  "01",
  "+5",
  "5.",
  ".5",
  "1e-999",
  "9007199254740993",
  "99999999999999999999999999",
  "-0",
  " 7 ",
];

/** Keys that try to reach an object's prototype. */
export const POLLUTION_KEYS: readonly string[] = [
  "__proto__",
  "constructor",
  "prototype",
  "__defineGetter__",
  "toString",
];

/** A value of a random wrong or awkward shape (for any JSON position). */
export function nastyValue(random: Random): unknown {
  switch (random.int(0, 9)) {
    case 0:
    case 1:
    case 2:
      return random.pick(NASTY_STRINGS);
    case 3:
    case 4:
      return random.pick(NASTY_NUMBERS);
    case 5:
      return random.pick([true, false, null]);
    case 6:
      return [random.pick(NASTY_STRINGS), random.pick(NASTY_NUMBERS)];
    case 7:
      return { [random.pick(POLLUTION_KEYS)]: { polluted: true }, a: random.pick(NASTY_STRINGS) };
    case 8:
      return hugeString(random);
    default:
      return [];
  }
}

/** A long string: 10 KB to 200 KB of a repeated awkward unit. */
export function hugeString(random: Random): string {
  const unit = random.pick(["a", "é", "👍", "ก", "\\", "%", "'", "<b>"]);
  return unit.repeat(Math.ceil(random.int(10_000, 200_000) / unit.length));
}
