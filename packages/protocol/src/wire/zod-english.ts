import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * zod/mini loads no locale, so every issue would read "Invalid input". The A2A errors Baton sends quote zod's
 * English messages ("Invalid input: expected string, received number"), as full zod gives them: this installs
 * zod's English locale once, unless the application configured a locale of its own first.
 */
export function useEnglishZodMessages(): void {
  if (z.config().localeError === undefined) z.config(en());
}
