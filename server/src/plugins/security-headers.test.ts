import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('works out helmet headers once from the options', () => {
    const { set, removed } = securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'"] } }, hsts: false });
    const headers = new Map(set);
    expect(headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.has('Strict-Transport-Security')).toBe(false);
    expect(removed).toEqual(['X-Powered-By']);
  });

  it('follows the options: HSTS when asked for', () => {
    const { set } = securityHeaders({ hsts: { maxAge: 100, includeSubDomains: true } });
    expect(new Map(set).get('Strict-Transport-Security')).toBe('max-age=100; includeSubDomains');
  });

  it('refuses options helmet refuses, at start rather than on a request', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: null } } })).toThrow(/default-src/);
  });
});
