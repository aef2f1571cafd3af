import { describe, expect, it } from 'vitest';
import { formatBytesRu } from './format-bytes.ts';

describe('formatBytesRu', () => {
  it('says a size in binary units with a decimal comma below 10 of a unit', () => {
    expect(formatBytesRu(0)).toBe('0 Б');
    expect(formatBytesRu(1023)).toBe('1023 Б');
    expect(formatBytesRu(1.5 * 1024 ** 3)).toBe('1,5 ГБ');
    expect(formatBytesRu(1024 ** 3)).toBe('1 ГБ');
    expect(formatBytesRu(12 * 1024 ** 3)).toBe('12 ГБ');
    expect(formatBytesRu(300 * 1024 ** 2)).toBe('300 МБ');
    expect(formatBytesRu(2048 * 1024 ** 4)).toBe('2048 ТБ');
  });
});
