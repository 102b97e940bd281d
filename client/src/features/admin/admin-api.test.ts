import { describe, expect, it } from 'vitest';
import { HostListQuerySchema } from '../../../../shared/api/admin';
import { ADMIN_NAV, navFor } from '../../components/layout/nav';
import { hostListUrl } from './admin-api';
import { hostsListSearch } from './HostsPage';

describe('hostListUrl', () => {
  it('sends only the parameters that say something, in a form the server reads back', () => {
    const url = hostListUrl({ search: 'Harper & co', tier: '', account_status: 'suspended', subscription_status: '', sort: '-revenue', page: 2, pageSize: 25 });
    expect(url).toBe('/api/admin/hosts?search=Harper+%26+co&account_status=suspended&sort=-revenue&page=2&pageSize=25');
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(HostListQuerySchema.parse(query)).toEqual({ search: 'Harper & co', account_status: 'suspended', sort: '-revenue', page: 2, pageSize: 25 });
    expect(hostListUrl({})).toBe('/api/admin/hosts');
  });
});

describe('the hosts list address', () => {
  it('reads a bad value as none rather than failing the page', () => {
    expect(hostsListSearch({ sort: 'bogus', page: '0', account_status: 'gone', tier: 'pro', search: 'a' })).toEqual({ tier: 'pro', search: 'a' });
    expect(hostsListSearch({ sort: 'name', page: '3' })).toEqual({ sort: 'name', page: 3 });
  });
});

describe('admin navigation', () => {
  it('shows Admins to super admins only', () => {
    expect(navFor(ADMIN_NAV, 'super_admin').map((i) => i.label)).toContain('Admins');
    expect(navFor(ADMIN_NAV, 'admin').map((i) => i.label)).not.toContain('Admins');
    expect(navFor(ADMIN_NAV, 'admin')).toHaveLength(ADMIN_NAV.length - 1);
  });
});
