/**
 * Role normalisation, read literally (docs/decisions.md "Rules read literally"): the role text is
 * lower-cased and every character that is not a letter or an underscore is removed, then the first
 * matching rule wins; anything unrecognised is a host.
 */
import type { Role } from './enums';

export function normalizeRole(input: unknown): Role {
  const text = typeof input === 'string' ? input : typeof input === 'number' || typeof input === 'boolean' ? String(input) : '';
  const role = text.toLowerCase().replace(/[^\p{L}_]/gu, '');
  if (role.includes('superadmin') || role === 'super_admin') return 'super_admin';
  if (role.includes('admin')) return 'admin';
  if (role.includes('host')) return 'host';
  if (role.includes('housekeeper') || role.includes('staff')) return 'staff';
  return 'host';
}

/** The role is read from `Role`, else `role`, then normalised. */
export function readRole(obj: unknown): Role {
  if (typeof obj !== 'object' || obj === null) return normalizeRole(undefined);
  const record = obj as { Role?: unknown; role?: unknown };
  return normalizeRole(record.Role ?? record.role);
}
