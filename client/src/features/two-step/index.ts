/** Two-step sign-in (TOTP): the profile section of every area, the login's second step, the admins' prompt at sign-in and the admin reset. */
export { TwoStepSection } from './TwoStepSection';
export { TotpCodeStep } from './TotpCodeStep';
export { TwoStepPrompt } from './TwoStepPrompt';
export { shouldAskForTwoStep } from './ask';
export { ResetTwoStepButton } from './ResetTwoStepButton';
