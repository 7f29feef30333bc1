/** The shortest password a user may choose: the directory enforces it, pages and config say it. */
export const MIN_PASSWORD_LENGTH = 10;
