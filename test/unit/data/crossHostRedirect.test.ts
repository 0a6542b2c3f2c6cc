import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJson } from '../../../data/lib/fetchBytes.ts';
import { fetchRibitsBanks } from '../../../data/lib/fetchRibitsBanks.ts';
import { PipelineError, SourceUnavailableError } from '../../../src/formats/PipelineError.ts';
import { MINNESOTA_FIXTURE_BANKS } from '../../fixtures/ribits/ribitsFixtures.ts';
import { type RibitsStandIn, startRibitsStandIn } from '../../fixtures/ribits/startRibitsStandIn.ts';

let ribits: RibitsStandIn;
let redirector: Server;
let base: string;

beforeAll(async () => {
  ribits = await startRibitsStandIn(MINNESOTA_FIXTURE_BANKS);
  // 127.0.0.1 redirects to localhost: the same machine, another host name.
  const target = ribits.baseUrl.replace('127.0.0.1', 'localhost');
  redirector = createServer((request, response) => {
    if (request.url?.startsWith('/same/')) {
      response.writeHead(302, { location: `/ok/${request.url.slice(6)}` });
      return response.end();
    }
    if (request.url?.startsWith('/ok/'))
      return response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    response.writeHead(302, { location: `${new URL(target).origin}${request.url}` });
    response.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ribits.close();
  redirector.close();
});

describe('a redirect to another host is refused', () => {
  it('RIBITS: the refresh fails naming both hosts (kind redirect), so the last good snapshot is kept', async () => {
    const failure = await fetchRibitsBanks({ baseUrl: `${base}/ords/RI/public/`, retries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ kind: 'redirect' });
    expect((failure as Error).message).toMatch(
      /^RIBITS bank_site_list .*: redirected from 127\.0\.0\.1:\d+ to http:\/\/localhost:\d+\/ords\/RI\/public\/bank_site_list\/; refused/,
    );
  });

  it('ArcGIS and zip sources: a PipelineError (the build fails), not a quiet fallback', async () => {
    const failure = await fetchJson(`${base}/arcgis/rest/services/x/FeatureServer?f=json`, 'majors').catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(PipelineError);
    expect(failure).not.toBeInstanceOf(SourceUnavailableError);
    expect((failure as Error).message).toMatch(
      /^majors: redirected from 127\.0\.0\.1:\d+ to http:\/\/localhost/,
    );
  });

  it('a redirect within the same host is followed', async () => {
    expect(await fetchJson(`${base}/same/x`, 'same')).toEqual({ ok: true });
  });
});
