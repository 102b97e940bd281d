/**
 * The account e-mails: plain text plus a small HTML version. Each link states how long it lives
 * (TOKEN_VALID_HOURS in auth/tokens.ts: 24 hours) and that it works once.
 */
import type { MailMessage } from './mailer';

export const PRODUCT_NAME = 'Staykeep';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) body.splice(1, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  return `<!doctype html><html><body style="font-family:sans-serif">${body.join('')}</body></html>`;
}

export function resetPasswordEmail(to: string, link: string, validHours: number): MailMessage {
  const intro = `Someone asked to reset the password of your ${PRODUCT_NAME} account (${to}). Use this link to choose a new password:`;
  const expiry = `This link expires in ${validHours} hours and can be used once.`;
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [intro, link, expiry, ignore].join('\n\n'),
    html: html([intro, expiry, ignore], { href: link, label: 'Reset password' }),
    link,
  };
}

export function staffInviteEmail(to: string, staffName: string, invitedBy: string, link: string, validHours: number): MailMessage {
  const intro = `Hello ${staffName}, ${invitedBy} invited you to ${PRODUCT_NAME} to see your housekeeping tasks. Use this link to set your password:`;
  const expiry = `This link expires in ${validHours} hours and can be used once. Your sign-in e-mail is ${to}.`;
  return {
    to,
    subject: `You are invited to ${PRODUCT_NAME}`,
    text: [intro, link, expiry].join('\n\n'),
    html: html([intro, expiry], { href: link, label: 'Set your password' }),
    link,
  };
}

export function testEmail(to: string): MailMessage {
  const text = `This is a test message from ${PRODUCT_NAME}: the SMTP settings work.`;
  return { to, subject: `${PRODUCT_NAME} test e-mail`, text, html: html([text]) };
}

export function adminInviteEmail(to: string, name: string, invitedBy: string, link: string, validHours: number): MailMessage {
  const intro = `Hello ${name}, ${invitedBy} invited you to administer ${PRODUCT_NAME}. Use this link to set your password:`;
  const expiry = `This link expires in ${validHours} hours and can be used once. Your sign-in e-mail is ${to}.`;
  return {
    to,
    subject: `You are invited to administer ${PRODUCT_NAME}`,
    text: [intro, link, expiry].join('\n\n'),
    html: html([intro, expiry], { href: link, label: 'Set your password' }),
    link,
  };
}
