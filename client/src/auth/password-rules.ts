/** The length the client asks for before sending a new password; the server has the last word. */
export const MIN_PASSWORD_LENGTH = 8;
