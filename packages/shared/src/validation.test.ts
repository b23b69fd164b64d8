import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EMAIL_RE,
  MESSAGE_KEYS,
  rules,
  zDecimal,
  zDescription,
  zEmail,
  zHostName,
  zId,
  zInt,
  zIp,
  zPassword,
  zPhone,
  zReason,
  zTime,
  zTitle,
  zUrl,
} from './validation';

/** asserts `rule(value, ...args)` for each row: `true` passes, a key is the expected message */
const table = <A extends unknown[]>(rule: (v: unknown, ...args: A) => unknown, rows: [unknown, true | string][], ...args: A) => {
  for (const [value, expected] of rows) expect([value, rule(value, ...args)]).toEqual([value, expected]);
};
/** the first issue's message of a zod parse, or the parsed value */
const zodResult = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : { error: r.error.issues[0].message };
};

describe('required', () => {
  it('needs a non-empty array, an object with keys, otherwise a truthy value', () => {
    table(rules.required, [
      [['a'], true],
      [[], 'required'],
      [{ a: 1 }, true],
      [{}, 'required'],
      ['x', true],
      ['', 'required'],
      ['   ', 'required'],
      [1, true],
      [0, 'required'],
      [Number.NaN, 'required'],
      [true, true],
      [false, 'required'],
      [null, 'required'],
      [undefined, 'required'],
      [new Date(0), true],
      [new Date('nope'), 'required'],
    ]);
  });
});

describe('lengths', () => {
  it('minLength / maxLength / length / matchLength', () => {
    table(
      rules.minLength,
      [
        ['abc', true],
        ['ab', 'minLength'],
        ['', true],
        [null, true],
      ],
      3,
    );
    table(
      rules.maxLength,
      [
        ['abc', true],
        ['abcd', 'maxlength'],
        ['', true],
      ],
      3,
    );
    table(
      rules.length,
      [
        ['abc', true],
        ['ab', 'length'],
        ['abcd', 'length'],
        ['', true],
      ],
      3,
    );
    table(
      rules.matchLength,
      [
        ['1234', true],
        ['123456', true],
        ['12345', 'matchLength'],
        ['', true],
      ],
      [4, 6],
    );
  });

  it('minMaxLength: non-blank and within bounds; an empty optional value passes', () => {
    table(
      rules.minMaxLength,
      [
        ['ab', true],
        ['abcde', true],
        ['a', 'minMaxLength'],
        ['abcdef', 'minMaxLength'],
        ['    ', 'minMaxLength'],
        ['', true],
        [undefined, true],
      ],
      2,
      5,
    );
  });
});

describe('email', () => {
  it('letters, digits, dots and similar, @, a domain with a 2+ letter top-level part', () => {
    table(rules.email, [
      ['john.doe@example.com', true],
      ["o'neil+tag_1%x@mail.example.co.uk", true],
      ['  padded@example.com  ', true],
      ['a@b.io', true],
      ['', true],
      ['plain', 'email'],
      ['no-at.example.com', 'email'],
      ['a@b', 'email'],
      ['a@b.c', 'email'],
      ['a@b.c0', 'email'],
      ['a b@example.com', 'email'],
      ['a@-example.com', 'email'],
      ['a@@example.com', 'email'],
    ]);
    expect(EMAIL_RE.test('x@y.museum')).toBe(true);
  });
});

describe('password', () => {
  it('empty is allowed; otherwise at least 5 consecutive non-space characters', () => {
    table(rules.password, [
      ['', true],
      [null, true],
      ['abcde', true],
      ['ab cdefg', true],
      ['abcd', 'password'],
      ['ab cd', 'password'],
      ['     ', 'password'],
      ['a b c d e f', 'password'],
    ]);
  });
});

describe('numbers', () => {
  it('number: digits only, up to 2147483647', () => {
    table(rules.number, [
      ['0', true],
      ['42', true],
      [42, true],
      ['2147483647', true],
      ['2147483648', 'number'],
      ['-1', 'number'],
      ['1.5', 'number'],
      ['1e3', 'number'],
      ['12a', 'number'],
      ['', true],
    ]);
  });

  it('integerNumber: optional minus and digits; -2147483648 excluded', () => {
    table(rules.integerNumber, [
      ['-5', true],
      ['2147483647', true],
      ['-2147483647', true],
      ['-2147483648', 'integerNumber'],
      ['2147483648', 'integerNumber'],
      ['+5', 'integerNumber'],
      ['1.0', 'integerNumber'],
      ['', true],
    ]);
  });

  it('floatNumber: optional sign, dot or comma decimals up to 8 digits, same range', () => {
    table(rules.floatNumber, [
      ['1', true],
      ['-1.5', true],
      ['+1,5', true],
      ['0.12345678', true],
      ['0,12345678', true],
      ['0.123456789', 'floatNumber'],
      ['2147483647', true],
      ['2147483647.5', 'floatNumber'],
      ['-2147483648', 'floatNumber'],
      ['-2147483647.99', true],
      ['1.', 'floatNumber'],
      ['.5', 'floatNumber'],
      ['1.2.3', 'floatNumber'],
      ['abc', 'floatNumber'],
      ['', true],
    ]);
  });

  it('floatLimit: at most N decimals, dot or comma', () => {
    table(
      rules.floatLimit,
      [
        ['1.12', true],
        ['1,12', true],
        ['1', true],
        ['1.123', 'floatLimit'],
        ['1,123', 'floatLimit'],
        ['', true],
      ],
      2,
    );
    table(
      rules.floatLimit,
      [
        ['1', true],
        ['1.5', 'floatLimit'],
      ],
      0,
    );
  });

  it('less / more / noMore / min / match / minMax compare numbers, comma accepted as decimal', () => {
    table(
      rules.less,
      [
        ['4,99', true],
        ['5', 'less'],
        ['5,01', 'less'],
        ['x', 'less'],
        ['', true],
      ],
      5,
    );
    table(
      rules.more,
      [
        ['5,01', true],
        ['5', 'more'],
        ['-1', 'more'],
        ['', true],
      ],
      5,
    );
    table(
      rules.noMore,
      [
        ['5', true],
        ['5,0', true],
        ['5,001', 'noMore'],
        ['', true],
      ],
      5,
    );
    table(
      rules.min,
      [
        ['5', true],
        ['5,5', true],
        ['4,999', 'min'],
        ['', true],
      ],
      5,
    );
    table(
      rules.match,
      [
        ['2,5', true],
        ['2.5', true],
        [2.5, true],
        ['2,6', 'match'],
        ['', true],
      ],
      2.5,
    );
    table(
      rules.minMax,
      [
        ['1', true],
        ['10', true],
        ['5,5', true],
        ['0,99', 'minMax'],
        ['10,01', 'minMax'],
        ['', true],
      ],
      1,
      10,
    );
  });
});

describe('passwords and times', () => {
  it('confirmPassword equals the other value', () => {
    expect(rules.confirmPassword('secret1', 'secret1')).toBe(true);
    expect(rules.confirmPassword('secret1', 'secret2')).toBe('confirmPassword');
    expect(rules.confirmPassword('', 'secret2')).toBe('confirmPassword');
  });

  it('startTime must be before the end reference, endTime after the start reference', () => {
    expect(rules.startTime('09:00', '18:00')).toBe(true);
    expect(rules.startTime('18:00', '09:00')).toBe('startTime');
    expect(rules.startTime('09:00', '09:00')).toBe('startTime');
    expect(rules.startTime('9am', '18:00')).toBe('startTime');
    expect(rules.startTime('', '18:00')).toBe(true);
    expect(rules.endTime('18:00:30', '18:00')).toBe(true);
    expect(rules.endTime('08:59', '09:00')).toBe('endTime');
    expect(rules.endTime('24:00', '09:00')).toBe('endTime');
    expect(rules.endTime('18:00', '')).toBe(true);
  });

  it('a hold-queue time range needs a valid start and end', () => {
    expect(rules.timeRange('00:00', '23:59')).toBe(true);
    expect(rules.timeRange('', '23:59')).toBe('startTime');
    expect(rules.timeRange('25:00', '23:59')).toBe('startTime');
    expect(rules.timeRange('10:00', '10:60')).toBe('endTime');
    expect(rules.timeRange('10:00', undefined)).toBe('endTime');
  });
});

describe('text formats', () => {
  it('onlyLettersAndNumber: latin letters and digits only', () => {
    table(rules.onlyLettersAndNumber, [
      ['abcXYZ019', true],
      ['abc-1', 'onlyLettersAndNumber'],
      ['a b', 'onlyLettersAndNumber'],
      ['абв', 'onlyLettersAndNumber'],
      ['', true],
    ]);
  });

  it('age: over N years', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    table(
      rules.age,
      [
        ['2008-06-15', true],
        ['2000-01-01', true],
        ['2008-06-16', 'age'],
        ['2020-01-01', 'age'],
        ['not a date', 'age'],
        ['', true],
      ],
      18,
      now,
    );
  });

  it('phone: optional; digits, plus, dash, space, dot, underscore and parentheses', () => {
    table(rules.phone, [
      ['+1 (555) 123-45.67_8', true],
      ['380501234567', true],
      ['', true],
      ['+1 555 CALL', 'phone'],
      ['123#4', 'phone'],
    ]);
  });

  it('url: starts with http or https, no spaces', () => {
    table(rules.url, [
      ['http://example.com', true],
      ['HTTPS://example.com/path?q=1&x={click_id}', true],
      ['ftp://example.com', 'url'],
      ['example.com', 'url'],
      ['https://exa mple.com', 'url'],
      ['https://', 'url'],
      ['', true],
    ]);
  });

  it('hostName', () => {
    table(rules.hostName, [
      ['example.com', true],
      ['track.sub-domain.example.co.uk', true],
      ['xn--80ak6aa92e.com', true],
      ['localhost', 'hostName'],
      ['-bad.example.com', 'hostName'],
      ['bad-.example.com', 'hostName'],
      ['exa_mple.com', 'hostName'],
      ['http://example.com', 'hostName'],
      [`${'a'.repeat(64)}.com`, 'hostName'],
      ['', true],
    ]);
  });

  it('ip: IPv4 and IPv6', () => {
    table(rules.ip, [
      ['192.168.0.1', true],
      ['0.0.0.0', true],
      ['255.255.255.255', true],
      ['256.1.1.1', 'ip'],
      ['01.2.3.4', 'ip'],
      ['1.2.3', 'ip'],
      ['2001:db8:85a3:0:0:8a2e:370:7334', true],
      ['2001:db8::8a2e:370:7334', true],
      ['::1', true],
      ['::', true],
      ['fe80::', true],
      ['1:2:3:4:5:6:7::', true],
      ['::ffff:192.168.0.1', true],
      ['1:2:3:4:5:6:1.2.3.4', true],
      ['1:2:3:4:5:6:7:8:9', 'ip'],
      ['1:2:3:4:5:6:7:8::', 'ip'],
      ['1:2:3:4:5:6:7:8::1:2:3:4:5:6:7:8', 'ip'],
      ['2001:db8::1::1', 'ip'],
      [':::', 'ip'],
      ['12345::', 'ip'],
      ['gggg::1', 'ip'],
      ['::ffff:999.1.1.1', 'ip'],
      ['', true],
    ]);
  });

  it('pattern (a given expression) and regex (a value that must itself be an expression)', () => {
    table(
      rules.pattern,
      [
        ['abc', true],
        ['abc1', 'pattern'],
        ['', true],
      ],
      '^[a-z]+$',
    );
    table(
      rules.pattern,
      [
        ['A-1', true],
        ['a-1', 'pattern'],
      ],
      /^[A-Z]-\d$/,
    );
    expect(rules.pattern('x', '(')).toBe('pattern');
    table(rules.regex, [
      ['^\\d{3}$', true],
      ['[a-z', 'pattern'],
      ['(', 'pattern'],
      ['', true],
    ]);
  });
});

describe('title, description, reason', () => {
  it('title: non-blank, 1 to 200 characters', () => {
    table(rules.title, [
      ['A', true],
      ['x'.repeat(200), true],
      [`  ${'x'.repeat(200)}  `, true],
      ['x'.repeat(201), 'minMaxLength'],
      ['', 'required'],
      ['   ', 'required'],
      [null, 'required'],
    ]);
  });

  it('description: at most 2000 characters', () => {
    table(rules.description, [
      ['', true],
      ['x'.repeat(2000), true],
      ['x'.repeat(2001), 'maxlength'],
    ]);
  });

  it('reason: non-blank, 1 to 500 characters', () => {
    table(rules.reason, [
      ['Fraud', true],
      ['x'.repeat(500), true],
      ['x'.repeat(501), 'minMaxLength'],
      ['  ', 'required'],
      [undefined, 'required'],
    ]);
  });
});

describe('unique', () => {
  it('unique always reports an error (a duplicate found by the server)', () => {
    expect(rules.unique()).toBe('unique');
  });

  it('uniqueValues: the values of a list must differ', () => {
    expect(rules.uniqueValues(['a', 'b', 'c'])).toBe(true);
    expect(rules.uniqueValues([])).toBe(true);
    expect(rules.uniqueValues(['a', 'b', 'a'])).toBe('unique');
    expect(rules.uniqueValues([1, '1'])).toBe('unique');
  });
});

describe('message keys', () => {
  it('every rule answers a key of the catalogue', () => {
    const keys = new Set<string>(MESSAGE_KEYS);
    const answers = [
      rules.required(''),
      rules.minLength('a', 2),
      rules.maxLength('abc', 2),
      rules.length('a', 2),
      rules.matchLength('a', [2]),
      rules.minMaxLength('a', 2, 3),
      rules.email('x'),
      rules.password('x'),
      rules.number('x'),
      rules.integerNumber('x'),
      rules.floatNumber('x'),
      rules.floatLimit('1.11', 1),
      rules.confirmPassword('a', 'b'),
      rules.startTime('b', 'a'),
      rules.endTime('a', 'b'),
      rules.onlyLettersAndNumber('-'),
      rules.less(2, 1),
      rules.more(1, 2),
      rules.noMore(2, 1),
      rules.min(1, 2),
      rules.match(1, 2),
      rules.minMax(5, 1, 2),
      rules.age('2100-01-01', 18),
      rules.phone('x'),
      rules.url('x'),
      rules.hostName('x'),
      rules.pattern('1', '^a$'),
      rules.ip('x'),
      rules.title(''),
      rules.unique(),
    ];
    for (const a of answers) expect(keys.has(a as string)).toBe(true);
  });
});

describe('zod builders', () => {
  it('zTitle trims and keeps 1 to 200 characters', () => {
    expect(zodResult(zTitle(), '  Offer  ')).toEqual({ ok: 'Offer' });
    expect(zodResult(zTitle(), '   ')).toEqual({ error: 'required' });
    expect(zodResult(zTitle(), 'x'.repeat(201))).toEqual({ error: 'minMaxLength' });
    expect(zodResult(zTitle(), 5)).toEqual({ error: 'required' });
  });

  it('zDescription keeps at most 2000 characters; zReason 1 to 500', () => {
    expect(zodResult(zDescription(), '')).toEqual({ ok: '' });
    expect(zodResult(zDescription(), 'x'.repeat(2001))).toEqual({ error: 'maxlength' });
    expect(zodResult(zReason(), ' Fraud ')).toEqual({ ok: 'Fraud' });
    expect(zodResult(zReason(), '')).toEqual({ error: 'required' });
    expect(zodResult(zReason(), 'x'.repeat(501))).toEqual({ error: 'minMaxLength' });
  });

  it('zEmail trims and lower-cases', () => {
    expect(zodResult(zEmail(), ' John@Example.COM ')).toEqual({ ok: 'john@example.com' });
    expect(zodResult(zEmail(), 'john@')).toEqual({ error: 'email' });
  });

  it('zPassword needs 5 consecutive non-space characters', () => {
    expect(zodResult(zPassword(), 'abcde')).toEqual({ ok: 'abcde' });
    expect(zodResult(zPassword(), 'ab cd')).toEqual({ error: 'password' });
    expect(zodResult(zPassword(), 'x'.repeat(201))).toEqual({ error: 'maxlength' });
  });

  it('zUrl, zHostName, zPhone, zIp', () => {
    expect(zodResult(zUrl(), ' https://example.com/x ')).toEqual({ ok: 'https://example.com/x' });
    expect(zodResult(zUrl(), 'example.com')).toEqual({ error: 'url' });
    expect(zodResult(zHostName(), 'Track.Example.com')).toEqual({ ok: 'track.example.com' });
    expect(zodResult(zHostName(), 'localhost')).toEqual({ error: 'hostName' });
    expect(zodResult(zPhone(), '+1 (555) 123')).toEqual({ ok: '+1 (555) 123' });
    expect(zodResult(zPhone(), 'call me')).toEqual({ error: 'phone' });
    expect(zodResult(zIp(), '::1')).toEqual({ ok: '::1' });
    expect(zodResult(zIp(), '1.2.3.256')).toEqual({ error: 'ip' });
  });

  it('zInt keeps integers in -2147483647..2147483647; zId positive ids, coerced from text', () => {
    expect(zodResult(zInt(), -2147483647)).toEqual({ ok: -2147483647 });
    expect(zodResult(zInt(), -2147483648)).toEqual({ error: 'integerNumber' });
    expect(zodResult(zInt(), 2147483648)).toEqual({ error: 'integerNumber' });
    expect(zodResult(zInt(), 1.5)).toEqual({ error: 'integerNumber' });
    expect(zodResult(zInt(), '5')).toEqual({ error: 'integerNumber' });
    expect(zodResult(zId(), '42')).toEqual({ ok: 42 });
    expect(zodResult(zId(), 0)).toEqual({ error: 'number' });
    expect(zodResult(zId(), 'abc')).toEqual({ error: 'number' });
    expect(zodResult(zId(), 2147483648)).toEqual({ error: 'number' });
  });

  it('zDecimal keeps a decimal as text with a dot, comma accepted, up to 8 (or N) places', () => {
    expect(zodResult(zDecimal(), '12,5')).toEqual({ ok: '12.5' });
    expect(zodResult(zDecimal(), ' -0.12345678 ')).toEqual({ ok: '-0.12345678' });
    expect(zodResult(zDecimal(), 3)).toEqual({ ok: '3' });
    expect(zodResult(zDecimal(), '0.123456789')).toEqual({ error: 'floatNumber' });
    expect(zodResult(zDecimal(), '')).toEqual({ error: 'floatNumber' });
    expect(zodResult(zDecimal(), 'abc')).toEqual({ error: 'floatNumber' });
    expect(zodResult(zDecimal(), '2147483648')).toEqual({ error: 'floatNumber' });
    expect(zodResult(zDecimal(), null)).toEqual({ error: 'floatNumber' });
    expect(zodResult(zDecimal(2), '1,25')).toEqual({ ok: '1.25' });
    expect(zodResult(zDecimal(2), '1.255')).toEqual({ error: 'floatLimit' });
  });

  it('zTime accepts HH:MM and HH:MM:SS', () => {
    expect(zodResult(zTime(), '09:30')).toEqual({ ok: '09:30' });
    expect(zodResult(zTime(), '23:59:59')).toEqual({ ok: '23:59:59' });
    expect(zodResult(zTime(), '9:30')).toEqual({ error: 'startTime' });
    expect(zodResult(zTime(), '24:00')).toEqual({ error: 'startTime' });
  });
});
