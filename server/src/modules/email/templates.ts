/**
 * Every e-mail the product sends, each as plain text plus a small HTML version naming Staykeep.
 * Each account link states how long it lives (TOKEN_VALID_HOURS in auth/tokens.ts: 24 hours) and
 * that it works once.
 *
 * Every text comes from the `server` catalog. The e-mails to a known user (reset, invitations to
 * someone with an account, task alerts) are written in the recipient's language: the caller passes
 * their translator (server/src/i18n.ts `recipientFor`); English without one (a newcomer, a guest,
 * the SMTP test).
 */
import type { MailMessage } from './mailer';
import { english, type Translate } from '../../i18n';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) body.splice(1, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  return `<!doctype html><html><body style="font-family:sans-serif">${body.join('')}</body></html>`;
}

export function resetPasswordEmail(to: string, link: string, validHours: number, t: Translate = english): MailMessage {
  const intro = t('server.mail.reset.intro', { email: to });
  const expiry = t('server.mail.expiry', { hours: validHours });
  const ignore = t('server.mail.reset.ignore');
  return {
    to,
    subject: t('server.mail.reset.subject'),
    text: [intro, link, expiry, ignore].join('\n\n'),
    html: html([intro, expiry, ignore], { href: link, label: t('server.mail.reset.link') }),
    link,
  };
}

export function staffInviteEmail(to: string, staffName: string, invitedBy: string, link: string, validHours: number, t: Translate = english): MailMessage {
  const intro = t('server.mail.invite.intro', { name: staffName, host: invitedBy });
  const expiry = t('server.mail.invite.expiry', { hours: validHours, email: to });
  return {
    to,
    subject: t('server.mail.invite.subject'),
    text: [intro, link, expiry].join('\n\n'),
    html: html([intro, expiry], { href: link, label: t('server.mail.invite.link') }),
    link,
  };
}

/**
 * An invite for someone who already has a password (they work for another host): the link joins
 * this host, it changes no password. The subject names no host: it is the same for every invite.
 */
export function staffJoinEmail(to: string, staffName: string, invitedBy: string, link: string, validHours: number, t: Translate = english): MailMessage {
  const intro = t('server.mail.join.intro', { name: staffName, host: invitedBy });
  const expiry = t('server.mail.join.expiry', { hours: validHours, email: to });
  const ignore = t('server.mail.join.ignore');
  return {
    to,
    subject: t('server.mail.invite.subject'),
    text: [intro, link, expiry, ignore].join('\n\n'),
    html: html([intro, expiry, ignore], { href: link, label: t('server.mail.join.link') }),
    link,
  };
}

/**
 * An invite to an address that belongs to another kind of account (a host, an admin): only the
 * owner of the mailbox learns that it cannot join as a housekeeper; the inviting host is answered
 * as for any invite.
 */
export function staffInviteRefusedEmail(to: string, invitedBy: string, t: Translate = english): MailMessage {
  const intro = t('server.mail.refused.intro', { host: invitedBy, email: to });
  const why = t('server.mail.refused.why');
  const ignore = t('server.mail.refused.ignore');
  return { to, subject: t('server.mail.invite.subject'), text: [intro, why, ignore].join('\n\n'), html: html([intro, why, ignore]) };
}

export function testEmail(to: string, t: Translate = english): MailMessage {
  const text = t('server.mail.test.body');
  return { to, subject: t('server.mail.test.subject'), text, html: html([text]) };
}

/**
 * A task alert that went by e-mail because it could not reach the recipient as a push
 * notification (email/escalation.ts). `taskUrl` is the task's page, when the public origin is known.
 */
export function taskAlertEmail(to: string, title: string, body: string, taskUrl?: string, t: Translate = english): MailMessage {
  const why = t('server.mail.alert.why');
  const open = taskUrl ? t('server.mail.alert.openUrl', { url: taskUrl }) : t('server.mail.alert.openApp');
  return {
    to,
    subject: `${title}: ${body}`.slice(0, 200),
    text: [title, body, open, why].join('\n\n'),
    html: html([title, body, why], taskUrl ? { href: taskUrl, label: t('server.mail.alert.link') } : undefined),
  };
}

/**
 * A host's reply from the inbox, e-mailed to the guest (email/guest-replies.ts). Answers go to the
 * host (`replyTo`), whose name the subject carries.
 */
export function guestReplyEmail(
  to: string,
  input: { guestName?: string; hostName: string; propertyName?: string; content: string; hostEmail?: string },
  t: Translate = english,
): MailMessage {
  const host = input.hostName;
  const greeting = input.guestName ? t('server.mail.guestReply.greeting', { name: input.guestName }) : t('server.mail.guestReply.greetingNoName');
  const footer = input.hostEmail ? t('server.mail.guestReply.replyFooter', { host }) : t('server.mail.guestReply.sentBy', { host });
  const subject = input.propertyName ? t('server.mail.guestReply.subjectStay', { host, property: input.propertyName }) : t('server.mail.guestReply.subject', { host });
  const paragraphs = input.content.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean);
  return {
    to,
    subject: subject.slice(0, 200),
    text: [greeting, input.content.trim(), `— ${host}`, footer].join('\n\n'),
    html: html([greeting, ...paragraphs, `— ${host}`, footer]),
    ...(input.hostEmail ? { replyTo: input.hostEmail } : {}),
  };
}

/** An administrator's invitation: a newcomer, so English unless the caller knows better. */
export function adminInviteEmail(to: string, name: string, invitedBy: string, link: string, validHours: number, t: Translate = english): MailMessage {
  const intro = t('server.mail.adminInvite.intro', { name, inviter: invitedBy });
  const expiry = t('server.mail.invite.expiry', { hours: validHours, email: to });
  return {
    to,
    subject: t('server.mail.adminInvite.subject'),
    text: [intro, link, expiry].join('\n\n'),
    html: html([intro, expiry], { href: link, label: t('server.mail.invite.link') }),
    link,
  };
}
