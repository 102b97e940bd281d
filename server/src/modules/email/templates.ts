/**
 * Every e-mail the product sends, each as plain text plus a small HTML version naming Staykeep.
 * Each account link states how long it lives (TOKEN_VALID_HOURS in auth/tokens.ts: 24 hours) and
 * that it works once.
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

/**
 * An invite for someone who already has a password (they work for another host): the link joins
 * this host, it changes no password. The subject names no host: it is the same for every invite.
 */
export function staffJoinEmail(to: string, staffName: string, invitedBy: string, link: string, validHours: number): MailMessage {
  const intro = `Hello ${staffName}, ${invitedBy} invited you to see their housekeeping tasks in ${PRODUCT_NAME}, beside those of the hosts you already work for. Use this link to accept:`;
  const expiry = `This link expires in ${validHours} hours and can be used once. You keep signing in with ${to} and your password.`;
  const ignore = 'If you do not want to work for this host, ignore this e-mail: nothing changes.';
  return {
    to,
    subject: `You are invited to ${PRODUCT_NAME}`,
    text: [intro, link, expiry, ignore].join('\n\n'),
    html: html([intro, expiry, ignore], { href: link, label: 'Accept the invitation' }),
    link,
  };
}

/**
 * An invite to an address that belongs to another kind of account (a host, an admin): only the
 * owner of the mailbox learns that it cannot join as a housekeeper; the inviting host is answered
 * as for any invite.
 */
export function staffInviteRefusedEmail(to: string, invitedBy: string): MailMessage {
  const intro = `${invitedBy} invited ${to} to ${PRODUCT_NAME} as a housekeeper.`;
  const why = `This address is already used by another kind of ${PRODUCT_NAME} account (a host or an administrator), so it cannot join as a housekeeper. To work as a housekeeper, ask the host to invite another e-mail address of yours.`;
  const ignore = 'If you were not expecting this, ignore this e-mail: your account is unchanged.';
  return { to, subject: `You are invited to ${PRODUCT_NAME}`, text: [intro, why, ignore].join('\n\n'), html: html([intro, why, ignore]) };
}

export function testEmail(to: string): MailMessage {
  const text = `This is a test message from ${PRODUCT_NAME}: the SMTP settings work.`;
  return { to, subject: `${PRODUCT_NAME} test e-mail`, text, html: html([text]) };
}

/**
 * A task alert that went by e-mail because it could not reach the recipient as a push
 * notification (email/escalation.ts). `taskUrl` is the task's page, when the public origin is known.
 */
export function taskAlertEmail(to: string, title: string, body: string, taskUrl?: string): MailMessage {
  const why = `You get this e-mail because the alert could not reach you as a notification on a phone or computer. Turn on notifications in ${PRODUCT_NAME} to get alerts there.`;
  const open = taskUrl ? `Open the task: ${taskUrl}` : `Open ${PRODUCT_NAME} to see the task.`;
  return {
    to,
    subject: `${title}: ${body}`.slice(0, 200),
    text: [title, body, open, why].join('\n\n'),
    html: html([title, body, why], taskUrl ? { href: taskUrl, label: 'Open the task' } : undefined),
  };
}

/**
 * A host's reply from the inbox, e-mailed to the guest (email/guest-replies.ts). Answers go to the
 * host (`replyTo`), whose name the subject carries.
 */
export function guestReplyEmail(to: string, input: { guestName: string; hostName: string; propertyName?: string; content: string; hostEmail?: string }): MailMessage {
  const about = input.propertyName ? ` about your stay at ${input.propertyName}` : '';
  const greeting = `Hello ${input.guestName},`;
  const footer = input.hostEmail
    ? `Reply to this e-mail to answer ${input.hostName}. Sent with ${PRODUCT_NAME}.`
    : `Sent by ${input.hostName} with ${PRODUCT_NAME}.`;
  const paragraphs = input.content.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean);
  return {
    to,
    subject: `Message from ${input.hostName}${about}`.slice(0, 200),
    text: [greeting, input.content.trim(), `— ${input.hostName}`, footer].join('\n\n'),
    html: html([greeting, ...paragraphs, `— ${input.hostName}`, footer]),
    ...(input.hostEmail ? { replyTo: input.hostEmail } : {}),
  };
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
