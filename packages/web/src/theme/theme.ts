import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** The app's Mantine theme: one accent colour, the system font stack with CJK fallbacks. */
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  // A visible ring whenever focus comes from the keyboard (SPEC W6), never for mouse clicks.
  focusRing: 'auto',
  defaultRadius: 'md',
});

/** The light/dark choice, kept in localStorage across visits ("auto" follows the system until chosen). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'skilldock.color-scheme' });
