import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace } from '../../i18n';
import { CURRENT_PASSWORD_INCORRECT } from '../../../../shared/messages';
import { accountChanges, placePasswordError, profileChanges, timezoneOptions, validateAccount, validateHostProfile, validatePasswordChange } from './profile-forms';

// The texts are in the `account` catalog, which the areas load.
beforeAll(() => loadNamespace('account'));

describe('validateHostProfile', () => {
  it('accepts empty and ordinary values', () => {
    expect(validateHostProfile({ company_name: '', phone_number: '', address: '' })).toEqual({});
    expect(validateHostProfile({ company_name: 'Casa Azul Stays', phone_number: '+351 (21) 555-0101', address: 'Rua Augusta 1, Lisboa' })).toEqual({});
  });

  it('names each field that does not fit', () => {
    expect(validateHostProfile({ company_name: 'x'.repeat(501), phone_number: 'call me', address: 'y'.repeat(501) })).toEqual({
      company_name: 'At most 500 characters',
      phone_number: 'Use digits, spaces and + ( ) - only',
      address: 'At most 500 characters',
    });
    expect(validateHostProfile({ company_name: '', phone_number: '12', address: '' }).phone_number).toBe('Too short for a phone number');
    expect(validateHostProfile({ company_name: '', phone_number: '1'.repeat(51), address: '' }).phone_number).toBe('At most 50 characters');
  });
});

describe('profileChanges', () => {
  const stored = { company_name: 'Casa', phone_number: '555 0101', address: '' };
  it('sends only what changed, trimmed', () => {
    expect(profileChanges(stored, { company_name: ' Casa ', phone_number: '555 0102', address: '' })).toEqual({ phone_number: '555 0102' });
    expect(profileChanges(stored, { ...stored })).toEqual({});
  });
  it('sends every field for a new profile', () => {
    expect(profileChanges(undefined, { company_name: ' A ', phone_number: '', address: 'B' })).toEqual({ company_name: 'A', phone_number: '', address: 'B' });
  });
});

describe('validatePasswordChange', () => {
  it('asks for the current password, a long enough new one, typed twice', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' })).toEqual({
      currentPassword: 'Enter your current password',
      newPassword: 'At least 8 characters',
      confirmPassword: 'The two new passwords differ',
    });
    expect(validatePasswordChange({ currentPassword: 'demo1234', newPassword: 'demo1234', confirmPassword: 'demo1234' }).newPassword).toBe('Choose a password different from the current one');
    expect(validatePasswordChange({ currentPassword: 'demo1234', newPassword: 'a-longer-one', confirmPassword: 'a-longer-one' })).toEqual({});
  });
});

describe('placePasswordError', () => {
  it('puts the server refusal where it belongs', () => {
    expect(placePasswordError(CURRENT_PASSWORD_INCORRECT)).toEqual({ currentPassword: CURRENT_PASSWORD_INCORRECT });
    expect(placePasswordError('Invalid value for newPassword: must be at least 8 characters')).toEqual({ newPassword: 'Must be at least 8 characters' });
    expect(placePasswordError('Too many requests')).toEqual({ form: 'Too many requests' });
  });
});

describe('timezoneOptions', () => {
  it('offers UTC first and keeps the current zone even when the browser does not list it', () => {
    expect(timezoneOptions(['Europe/Lisbon', 'America/New_York'], 'Etc/GMT+5')).toEqual(['UTC', 'America/New_York', 'Etc/GMT+5', 'Europe/Lisbon']);
    expect(timezoneOptions([], 'UTC')).toEqual(['UTC']);
  });
});

describe('validateAccount and accountChanges', () => {
  it('needs a name and an e-mail address', () => {
    expect(validateAccount({ Name: 'Sam Super', Email: 'sam@example.com' })).toEqual({});
    expect(validateAccount({ Name: '  ', Email: 'sam' })).toEqual({ Name: 'Enter your name', Email: 'Enter an e-mail address such as name@example.com' });
  });

  it('keeps only what changed, trimmed, the e-mail lower-cased and compared without case', () => {
    const stored = { Name: 'Sam Super', Email: 'sam@example.com' };
    expect(accountChanges(stored, { Name: ' Sam Super ', Email: 'SAM@example.com ' })).toEqual({});
    expect(accountChanges(stored, { Name: 'Samantha', Email: 'Sam.New@Example.com' })).toEqual({ Name: 'Samantha', Email: 'sam.new@example.com' });
  });
});
