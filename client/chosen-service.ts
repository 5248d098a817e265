/**
 * A quote link from a service (/contact/?service=storage#quote) opens the form with that service
 * chosen (client/HOOKS.md): the visitor picked it already, on the services page. Without
 * JavaScript the form simply starts with nothing chosen.
 */
/** Returns whether it chose one. */
export function chooseLinkedService(form: HTMLFormElement, search: string): boolean {
  const id = new URLSearchParams(search).get('service');
  if (!id) return false;
  const option = Array.from(form.querySelectorAll<HTMLOptionElement>('option[data-service]')).find(
    (candidate) => candidate.dataset.service === id,
  );
  if (option) option.selected = true;
  return option !== undefined;
}
