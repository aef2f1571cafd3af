import { describe, expect, it } from 'vitest';
import { concentration, decimal, kilometres, signedPercent, skillClass, skillSentence, thousandKm2 } from './verification-format.ts';

describe('verification scores in Russian', () => {
  it('gives areas in thousands of km² with a decimal comma', () => {
    expect(thousandKm2(245_300)).toBe('245,3 тыс. км²');
    expect(thousandKm2(1_234_560)).toBe('1234,6 тыс. км²');
    expect(thousandKm2(40)).toBe('0,0 тыс. км²');
    expect(thousandKm2(0)).toBe('0,0 тыс. км²');
    expect(thousandKm2(null)).toBe('—');
  });

  it('gives distances in km and concentration errors as fractions, a dash when there is none', () => {
    expect(kilometres(18.44)).toBe('18,4 км');
    expect(kilometres(null)).toBe('—');
    expect(kilometres(Number.POSITIVE_INFINITY)).toBe('—');
    expect(concentration(0.08349)).toBe('0,083');
    expect(concentration(null)).toBe('—');
  });

  it('writes a real minus sign and never a negative zero', () => {
    expect(decimal(-0.0123, 3)).toBe('−0,012');
    expect(decimal(-0.00001, 2)).toBe('0,00');
  });

  it('gives a skill as a whole signed percentage', () => {
    expect(signedPercent(0.234)).toBe('+23 %');
    expect(signedPercent(-0.05)).toBe('−5 %');
    expect(signedPercent(0.004)).toBe('0 %');
    expect(signedPercent(-1.5)).toBe('−150 %');
    expect(signedPercent(null)).toBe('—');
  });

  it('says the skill in words against persistence', () => {
    expect(skillSentence(0.23)).toBe('лучше персистентности на 23 %');
    expect(skillSentence(-0.05)).toBe('хуже персистентности на 5 %');
    expect(skillSentence(-0.004)).toBe('на уровне персистентности');
    expect(skillSentence(null)).toBe('сравнить с персистентностью нельзя');
  });

  it('colours better, worse and level', () => {
    expect(skillClass(0.1)).toBe('better');
    expect(skillClass(-0.1)).toBe('worse');
    expect(skillClass(0.001)).toBe('even');
    expect(skillClass(null)).toBe('even');
  });
});
