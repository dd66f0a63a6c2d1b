// The format names alone, so the CLI can validate them without loading any formatter.
export const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit', 'markdown', 'codeclimate'] as const;
export type FormatName = (typeof FORMATS)[number];
