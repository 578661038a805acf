import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../server/static-site.ts';

describe('the site’s redirect rules', () => {
  it('adds the trailing slash and keeps the query string', () => {
    expect(redirectTarget('/menu', '?category=tacos')).toBe('/menu/?category=tacos');
    expect(redirectTarget('/about-us', '')).toBe('/about-us/');
  });
  it('moves /taco-boxes to /tacoboxes/', () => {
    expect(redirectTarget('/taco-boxes', '')).toBe('/tacoboxes/');
    expect(redirectTarget('/taco-boxes', '?a=1')).toBe('/tacoboxes/?a=1');
  });
  it('leaves files, slash forms and the API alone', () => {
    expect(redirectTarget('/widget/comal.js', '')).toBeNull();
    expect(redirectTarget('/menu/', '')).toBeNull();
    expect(redirectTarget('/api/menus', '')).toBeNull();
    expect(redirectTarget('/', '')).toBeNull();
  });
  it("serves /.well-known/ files by their exact name (Apple Pay's domain association has no extension)", () => {
    expect(redirectTarget('/.well-known/apple-developer-merchantid-domain-association', '')).toBeNull();
  });
});
