import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** NODE_ID and STREAMING_LEASE_SECONDS (README "Configuration", docs/production.md "Topology"). */
describe('ingest lease settings', () => {
  it('gives a lease of 30 s and no node name by default', () => {
    const config = loadConfig({});
    expect(config.streamingLeaseMs).toBe(30_000);
    expect(config.nodeId).toBeNull();
  });

  it('runs the ingest in its own process unless STREAMING_ENGINE=inline', () => {
    expect(loadConfig({}).streamingEngine).toBe('process');
    expect(loadConfig({ STREAMING_ENGINE: 'inline' }).streamingEngine).toBe('inline');
    expect(loadConfig({ STREAMING_ENGINE: 'thread' }).streamingEngine).toBe('process');
  });

  it('takes a lease of at least 3 s', () => {
    expect(loadConfig({ STREAMING_LEASE_SECONDS: '45' }).streamingLeaseMs).toBe(45_000);
    expect(loadConfig({ STREAMING_LEASE_SECONDS: '1' }).streamingLeaseMs).toBe(3_000);
    expect(loadConfig({ STREAMING_LEASE_SECONDS: 'soon' }).streamingLeaseMs).toBe(30_000);
  });

  it('takes a node name the sessions\' column holds, and refuses any other', () => {
    expect(loadConfig({ NODE_ID: ' api-2.eu_west ' }).nodeId).toBe('api-2.eu_west');
    expect(loadConfig({ NODE_ID: '' }).nodeId).toBeNull();
    expect(() => loadConfig({ NODE_ID: 'api 2' })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ NODE_ID: 'a:closing' })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ NODE_ID: 'x'.repeat(65) })).toThrow(/NODE_ID/);
  });
});
