/**
 * WebMCP's declarative API lets a browser agent call a form as a tool: the
 * form names the tool (`toolname`, `tooldescription`) and each field says
 * what it expects (`toolparamdescription`). The attributes are not (yet)
 * HTML, so they are added in the browser rather than written into the
 * pre-rendered markup, which stays valid for the Nu Html Checker.
 */
export interface ToolAnnotation {
  name: string;
  description: string;
  /** Field name → what the agent should put there. */
  params: Record<string, string>;
}

export function annotateFormAsTool(form: HTMLFormElement, tool: ToolAnnotation): void {
  form.setAttribute('toolname', tool.name);
  form.setAttribute('tooldescription', tool.description);
  for (const [name, description] of Object.entries(tool.params)) {
    // A group of radios or checkboxes shares one name: each of its inputs carries the description.
    for (const field of form.querySelectorAll(`[name="${name}"]`))
      field.setAttribute('toolparamdescription', description);
  }
}
