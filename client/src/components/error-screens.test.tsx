import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorScreen, RouterErrorScreen } from './error-screens';
import { useAuth } from '../auth/auth-context';
import { useToast } from './ui/Toast';
import { useFormat } from '../lib/display';
import { useCurrentUser } from './layout/current-user';

describe('error screens (exact texts)', () => {
  it('the generic screen says what went wrong, with a Refresh Page button', () => {
    const html = renderToStaticMarkup(<ErrorScreen />);
    expect(html).toContain('Something went wrong');
    expect(html).toContain('An unexpected error occurred. Please try refreshing the page.');
    expect(html).toMatch(/<button[^>]*><span>Refresh Page<\/span><\/button>/);
  });

  it('the router fallback is titled "Unexpected Application Error" and shows the message', () => {
    const html = renderToStaticMarkup(<RouterErrorScreen error={new Error('loader exploded')} />);
    expect(html).toContain('<h1>Unexpected Application Error</h1>');
    expect(html).toContain('loader exploded');
    expect(html).toContain('Refresh Page');
  });
});

describe('context hooks outside their provider', () => {
  const hooks: [string, () => unknown][] = [
    ['useAuth', useAuth],
    ['useToast', useToast],
    ['useFormat', useFormat],
    ['useCurrentUser', useCurrentUser],
  ];
  for (const [name, hook] of hooks) {
    it(`${name} throws`, () => {
      function Probe() {
        hook();
        return null;
      }
      expect(() => renderToStaticMarkup(<Probe />)).toThrow(`${name} must be used within`);
    });
  }
});
