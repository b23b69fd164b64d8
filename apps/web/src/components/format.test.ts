import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';

dayjs.extend(utc);
dayjs.extend(timezone);

// instants around DST changes, midnight, a leap day and the epoch, in seconds
const INSTANTS = [0, 951_782_400, 1_711_846_799, 1_711_846_800, 1_729_990_800, 1_764_115_199, 1_764_115_200, 4_102_444_799];
const ZONES = ['UTC', 'Europe/Moscow', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe'];

describe('date formats (product §9) with a kept formatter per zone', () => {
  it('write what dayjs tz wrote, yyyy.MM.dd HH:mm:ss in the zone', () => {
    for (const tz of ZONES)
      for (const s of INSTANTS) {
        expect(formatDateTime(s, tz), `${s} in ${tz}`).toBe(
          dayjs(s * 1000)
            .tz(tz)
            .format('YYYY.MM.DD HH:mm:ss'),
        );
        expect(formatDate(String(s), tz), `${s} in ${tz}`).toBe(
          dayjs(s * 1000)
            .tz(tz)
            .format('YYYY.MM.DD'),
        );
      }
  });

  it('reads an unknown zone as UTC and an empty or invalid value as the dash', () => {
    expect(formatDateTime(1_764_115_200, 'Mars/Olympus')).toBe('2025.11.26 00:00:00');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDate('soon')).toBe('—');
  });

  it('keeps number formats per language and decimals', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber('7', 0)).toBe('7');
  });
});
