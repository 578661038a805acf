import { describe, expect, it } from 'vitest';
import { distanceMiles, EARTH_RADIUS_MILES } from '../../shared/distance.ts';
import { isUsPhone, normalizePhone } from '../../shared/phone.ts';

describe('phone normalisation', () => {
  it.each([
    ['(213) 555-0148', '+12135550148'],
    ['213.555.0148', '+12135550148'],
    ['2135550148', '+12135550148'],
    ['1 213 555 0148', '+12135550148'],
    ['1-213-555-0148', '+12135550148'],
    ['+1 (213) 555-0148', '+12135550148'],
    ['+52 55 1234 5678', '+525512345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s becomes %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['555-0148', '22135550148', '+1 555 01', '', 'call me'])('%s comes back unchanged', (input) => {
    expect(normalizePhone(input)).toBe(input);
  });

  it('knows a callable US number', () => {
    expect(isUsPhone('+12135550148')).toBe(true);
    expect(isUsPhone('+525512345678')).toBe(false);
  });
});

describe('great-circle distance', () => {
  const restaurant = { lat: 34.0614, lng: -118.2385 };

  it('uses an Earth radius of 3958.8 miles', () => {
    expect(EARTH_RADIUS_MILES).toBe(3958.8);
    // from the equator to the pole is a quarter of a great circle
    expect(distanceMiles({ lat: 0, lng: 10 }, { lat: 90, lng: 20 })).toBeCloseTo((Math.PI / 2) * 3958.8, 6);
  });

  it('Chinatown to Santa Monica (90401) is 14.75 miles', () => {
    expect(distanceMiles(restaurant, { lat: 34.0195, lng: -118.4912 })).toBeCloseTo(14.755, 3);
  });

  it('is 0 when the second point lacks a latitude or longitude, or has zero', () => {
    expect(distanceMiles(restaurant, { lat: 0, lng: -118.49 })).toBe(0);
    expect(distanceMiles(restaurant, { lat: 34.02, lng: 0 })).toBe(0);
    expect(distanceMiles(restaurant, { lat: 34.02 })).toBe(0);
    expect(distanceMiles(restaurant, null)).toBe(0);
  });

  it('is 0 from a point to itself', () => {
    expect(distanceMiles(restaurant, restaurant)).toBe(0);
  });
});
