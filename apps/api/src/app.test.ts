import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, setupTestApp } from '../test/helper';

const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');

const ctx = setupTestApp({ webDist });

describe('app', () => {
  it('reports healthy once the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
  });

  it('answers liveness without asking the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
  });

  it('gives JSON answers to GETs a validator, and 304 without a body when it still holds', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/item/public?pageSize=5' });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/item/public?pageSize=5',
      headers: { 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'if-none-match': String(tag) },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(tag);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(json(response).message).toBe('No route for GET /api/nothing-here.');
  });

  it('answers malformed JSON with a 400 in the error shape, without internals', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('serves the web app for client routes and caches hashed assets for a year', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/user' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends security headers with a content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // With the built-in payment provider no third-party script is allowed.
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
