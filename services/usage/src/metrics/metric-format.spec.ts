import { changeString, mean, megabytes, percentString, round2, usdcString } from './metric-format.js';

describe('metric formats', () => {
  it('percentString: two decimals of the whole, the given word when there is none', () => {
    expect(percentString(1, 3)).toBe('33.33');
    expect(percentString(2, 2)).toBe('100.00');
    expect(percentString(0, 0)).toBe('0.00');
    expect(percentString(0, 0, '100.00')).toBe('100.00');
  });

  it('changeString: the change from the previous period, 100.00 from nothing, 0.00 from nothing to nothing', () => {
    expect(changeString(15, 10)).toBe('50.00');
    expect(changeString(5, 10)).toBe('-50.00');
    expect(changeString(3, 0)).toBe('100.00');
    expect(changeString(0, 0)).toBe('0.00');
  });

  it('usdcString: six-decimal units as dollars, rounded down to the cent', () => {
    expect(usdcString('0')).toBe('0.00');
    expect(usdcString('1234567')).toBe('1.23');
    expect(usdcString('999999')).toBe('0.99');
    expect(usdcString('123456789012345678901')).toBe('123456789012345.67');
  });

  it('megabytes, round2 and mean keep two decimals; the mean of nothing is 0', () => {
    expect(megabytes(1_572_864)).toBe(1.5);
    expect(round2(2.345_6)).toBe(2.35);
    expect(mean([1, 2, 2])).toBe(1.67);
    expect(mean([])).toBe(0);
  });
});
