/**
 * A problem in the list above the form, as one sentence: a message worded for the editor names
 * its field itself ("Office 1 › Map position › Latitude is required: …"), so the link is that
 * name inside the sentence; "Latitude: Latitude is required" said it twice. A message that does
 * not name its field follows the field's name and a colon.
 */
export function problemSentence(field: string, message: string): { before: string; link: string; after: string } {
  const at = field ? message.indexOf(field) : -1;
  if (at < 0) return { before: '', link: field, after: `: ${message}` };
  return { before: message.slice(0, at), link: field, after: message.slice(at + field.length) };
}
