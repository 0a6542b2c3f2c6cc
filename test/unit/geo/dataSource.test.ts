import { describe, expect, it } from 'vitest';
import { chooseDataSource, cspAllowsConnect, resolveDataUrl } from '../../../src/geo/dataSource';

const PAGE = 'https://county.example.gov/siting/?at=-93.3,45.1';
const CSP = "default-src 'self'; connect-src 'self' data: blob: https://layers.example.org";
const config = (value: unknown) => ({ text: JSON.stringify(value) });

describe('chooseDataSource', () => {
  it.each([
    [
      'no config.json: the build’s URL beside index.html',
      undefined,
      'https://county.example.gov/siting/data/',
      [],
    ],
    [
      'a same-origin path',
      config({ dataUrl: 'layers/v2' }),
      'https://county.example.gov/siting/layers/v2/',
      [],
    ],
    [
      'an allowed other host',
      config({ dataUrl: 'https://layers.example.org/mn/' }),
      'https://layers.example.org/mn/',
      [],
    ],
    ['an empty object', config({}), 'https://county.example.gov/siting/data/', []],
    [
      'an unknown key (kept going, named)',
      config({ dataUrl: 'https://layers.example.org/mn', colour: 'red' }),
      'https://layers.example.org/mn/',
      ['config.json: "colour" is not a setting this explorer knows (ignored).'],
    ],
  ])('%s', (_, given, baseUrl, notices) => {
    expect(chooseDataSource(given, PAGE, CSP, './data/')).toEqual({ baseUrl, notices });
  });

  it.each([
    ['not JSON', { text: '{"dataUrl": ' }, 'it is not valid JSON'],
    ['an array', config([]), 'it is not a JSON object'],
    ['a number for dataUrl', config({ dataUrl: 42 }), '"dataUrl" must be a non-empty string'],
    ['a script URL', config({ dataUrl: 'javascript:alert(1)' }), 'is not an http or https URL'],
    ['credentials in the URL', config({ dataUrl: 'https://u:p@layers.example.org/' }), 'carries credentials'],
    [
      'a host the CSP blocks',
      config({ dataUrl: 'https://evil.example.net/' }),
      "not allowed by this page's Content-Security-Policy",
    ],
    ['an HTTP error', { error: 'HTTP 500' }, 'HTTP 500'],
  ])('refuses %s with a notice and keeps the build’s data', (_, given, problem) => {
    const chosen = chooseDataSource(given, PAGE, CSP, './data/');
    expect(chosen.baseUrl).toBe('https://county.example.gov/siting/data/');
    expect(chosen.notices).toHaveLength(1);
    expect(chosen.notices[0]).toMatch(/^config\.json was not used: /);
    expect(chosen.notices[0]).toContain(problem);
    expect(chosen.notices[0]).toContain('https://county.example.gov/siting/data/');
  });

  it('uses a build-time VITE_DATA_URL on another host', () => {
    expect(chooseDataSource(undefined, PAGE, CSP, 'https://layers.example.org/mn')).toEqual({
      baseUrl: 'https://layers.example.org/mn/',
      notices: [],
    });
  });
});

describe('resolveDataUrl', () => {
  it('drops a query and hash and ends in a slash', () => {
    expect(resolveDataUrl('https://h.example/a?x=1#y', PAGE)).toEqual({
      ok: true,
      url: 'https://h.example/a/',
    });
  });
});

describe('cspAllowsConnect', () => {
  const origin = 'https://county.example.gov';
  it.each([
    [null, 'https://anything.example/', true],
    ["connect-src 'self'", 'https://county.example.gov/data/', true],
    ["connect-src 'self'", 'https://layers.example.org/', false],
    ["default-src 'self'", 'https://layers.example.org/', false],
    ["connect-src 'self' https:", 'https://layers.example.org/', true],
    ["connect-src 'self' *.example.org", 'https://layers.example.org/', true],
    ["connect-src 'self' https://layers.example.org:8443", 'https://layers.example.org/', false],
    ["connect-src 'self' http://127.0.0.1:4000", 'http://127.0.0.1:4000/data/', true],
    ['script-src x', 'https://layers.example.org/', true],
  ])('%s lets the page fetch %s: %s', (policy, url, allowed) => {
    expect(cspAllowsConnect(policy, url, origin)).toBe(allowed);
  });
});
