import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Shades around the brand primary #3B71FE (index 6). */
const brand: MantineColorsTuple = [
  '#ecf1ff',
  '#d6e0ff',
  '#aabfff',
  '#7b9bff',
  '#5a82fe',
  '#4676fe',
  '#3b71fe',
  '#2c5fe3',
  '#2254cb',
  '#1247b4',
];

const fontFamily = "'IBM Plex Sans Arabic', 'Noto Sans Arabic', 'Segoe UI', Tahoma, system-ui, -apple-system, sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
  },
});
