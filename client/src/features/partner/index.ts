/** The channel partner (Tokeet): the admin page, the host's connection card, the OAuth callback and a property's rates. */
export { AdminTokeetPage } from './AdminTokeetPage';
export { PartnerChannelCard } from './PartnerChannelCard';
export { TokeetCallback } from './TokeetCallback';
export { PropertyRates } from './PropertyRates';
