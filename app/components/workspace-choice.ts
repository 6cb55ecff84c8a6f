export interface WorkspaceChoice {
  id: string;
  /** The team's name; null for the person's own workspace. */
  name: string | null;
}

/** What the workspace switcher shows: the workspace people work in now, and the others. */
export interface WorkspaceSwitcherProps {
  current: WorkspaceChoice;
  choices: WorkspaceChoice[];
}

export const workspaceLabel = (choice: WorkspaceChoice) => choice.name ?? "Personal";
