import { describe, expect, it } from 'vitest';
import english from '../../shared/i18n/messages/en.json';
import spanish from '../../shared/i18n/messages/es.json';
import { catalogueProblems, messagesIn, placeholdersOf, tokensOf } from '../../shared/i18n/catalogue.ts';
import {
  acceptedLanguages,
  chooseLocale,
  localeOfPath,
  localePath,
  negotiateLocale,
  pathWithoutLocale,
} from '../../shared/i18n/locale.ts';
import { translator } from '../../shared/i18n/translator.ts';
import * as fixed from '../../shared/api/messages.ts';
import { languageTarget } from '../../server/static-site.ts';

describe('the message catalogues', () => {
  it('has every English message in Spanish, with the same placeholders', () => {
    expect(catalogueProblems(english, spanish, 'es')).toEqual([]);
  });

  it('parses every message in both languages', () => {
    for (const [id, text] of [...Object.entries(english), ...Object.entries(spanish)])
      expect(() => tokensOf(id, text)).not.toThrow();
  });

  it('reports a missing, an extra and a mismatched message', () => {
    const source = { 'menu.a': 'A {name}', 'menu.b': 'B' };
    expect(catalogueProblems(source, { 'menu.a': 'A {nombre}', 'menu.c': 'C' }, 'es')).toEqual([
      'es: menu.a uses {nombre} instead of {name}',
      'es: missing menu.b',
      'es: menu.c is not in English',
    ]);
  });

  it('reads plural placeholders and keeps a namespace apart', () => {
    expect(placeholdersOf('{count, plural, one {# item for {name}} other {# items}}')).toEqual(['count', 'name']);
    expect(Object.keys(messagesIn({ 'menu.a': 'a', 'cart.b': 'b', 'menus.c': 'c' }, ['menu']))).toEqual(['menu.a']);
  });

  it("keeps the spec's quoted English texts word for word", () => {
    const en = translator('en');
    expect(en('common.loading')).toBe(fixed.LOADING);
    expect(en('site.openMenu')).toBe('Open menu');
    expect(en('site.closeMenu')).toBe('Close menu');
    expect(en('site.call')).toBe('Call');
    expect(en('site.orderOnline')).toBe('Order Online');
    expect(en('site.privacy')).toBe('Privacy');
    expect(en('common.upsell', { amount: '$0.01', saving: '$3' })).toBe('Add $0.01 more to save $3!');
    expect(en('sms.stopSentence')).toBe('Reply STOP to cancel, HELP for help.');
  });

  it('says counts with the plural rules of each language', () => {
    expect(translator('en')('common.points', { count: 1 })).toBe('1 loyalty point');
    expect(translator('en')('common.points', { count: 105 })).toBe('105 loyalty points');
    expect(translator('es')('common.points', { count: 1 })).toBe('1 punto de lealtad');
    expect(translator('es')('common.points', { count: 0 })).toBe('0 puntos de lealtad');
    expect(translator('es')('site.cart', { count: 3 })).toBe('Carrito, 3 artículos');
  });
});

describe('choosing a language', () => {
  it('reads Accept-Language best first, dropping refusals and junk', () => {
    expect(acceptedLanguages('es-MX,es;q=0.9,en;q=0.8')).toEqual(['es-MX', 'es', 'en']);
    expect(acceptedLanguages('en;q=0.5, es')).toEqual(['es', 'en']);
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages('<script>')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it("takes the customer's choice, else the first language we speak, else English", () => {
    expect(negotiateLocale(['fr-FR', 'es-419', 'en'])).toBe('es');
    expect(negotiateLocale(['fr', 'de'])).toBe('en');
    expect(chooseLocale('en', ['es'])).toBe('en');
    expect(chooseLocale('xx', ['es-US'])).toBe('es');
    expect(chooseLocale(null, [])).toBe('en');
  });

  it('maps a page between its English and Spanish paths', () => {
    expect(localePath('/menu/', 'es')).toBe('/es/menu/');
    expect(localePath('/es/menu/', 'en')).toBe('/menu/');
    expect(localePath('/', 'es')).toBe('/es/');
    expect(localePath('/es/', 'es')).toBe('/es/');
    expect(pathWithoutLocale('/es')).toBe('/');
    expect(localeOfPath('/es/order/')).toBe('es');
    expect(localeOfPath('/essentials/')).toBe('en');
  });
});

describe('the site sends a visitor to their language', () => {
  const at = (path: string) => new URL(path, 'https://elcomal.example');

  it('follows a browser that prefers Spanish, until the visitor chooses', () => {
    expect(languageTarget(at('/menu/?diet=vegan'), undefined, 'es-MX,es;q=0.9', true)).toEqual({
      to: '/es/menu/?diet=vegan',
    });
    expect(languageTarget(at('/menu/'), 'en', 'es-MX', true)).toBeNull();
    expect(languageTarget(at('/menu/'), undefined, 'en-US,en', true)).toBeNull();
    expect(languageTarget(at('/menu/'), 'es', 'en-US', true)).toEqual({ to: '/es/menu/' });
  });

  it('remembers the switch and takes ?lang= off the address', () => {
    expect(languageTarget(at('/es/menu/?lang=en&diet=vegan'), 'es', 'es', true)).toEqual({
      to: '/menu/?diet=vegan',
      remember: 'en',
    });
    expect(languageTarget(at('/about-us/?lang=es'), undefined, undefined, true)).toEqual({
      to: '/es/about-us/',
      remember: 'es',
    });
  });

  it('serves a Spanish address as asked, and leaves pages with no Spanish twin alone', () => {
    expect(languageTarget(at('/es/menu/'), 'en', 'en', true)).toBeNull();
    expect(languageTarget(at('/staff/'), 'es', 'es', false)).toBeNull();
    expect(languageTarget(at('/staff/?lang=es'), undefined, 'es', false)).toBeNull();
    expect(languageTarget(at('/menu/?lang=fr'), undefined, undefined, true)).toBeNull();
  });
});
