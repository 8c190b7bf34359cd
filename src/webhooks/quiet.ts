/**
 * Text that may hold words people chose (step names, notes, reasons, GitHub's own messages) put
 * into a reply: an `@name` in it must not ping anyone, nor `#123` link where it should not.
 */
export function quiet(text: string): string {
  return text.replace(/@(?=[\w-])/g, '@\u200b');
}
