/**
 * The client's toast queue (spec §3, §4, §9). Any module can call `toast()`;
 * the <Toaster> renders the newest MAX_VISIBLE_TOASTS and Radix closes each
 * after its timeout. A closed toast is removed REMOVE_DELAY_MS later, which
 * leaves time for its exit animation.
 */
export type ToastColor = "error" | "success";

export interface Toast {
  id: string;
  open: boolean;
  title?: string;
  description?: string;
  color?: ToastColor;
  icon?: string;
  /** Auto-close time in ms. */
  timeout: number;
}

export type ToastInput = Partial<Omit<Toast, "id" | "open">> & { id?: string };

export const MAX_VISIBLE_TOASTS = 5;
export const REMOVE_DELAY_MS = 200;
export const DEFAULT_TIMEOUT_MS = 5000;
export const ERROR_TIMEOUT_MS = 7000;
export const SUCCESS_TIMEOUT_MS = 5000;
export const DEFAULT_TOAST = {
  title: "Something went wrong",
  description: "An error occurred, please try again!",
} as const;

type Listener = () => void;

export function defaultTimeout(color: ToastColor | undefined): number {
  if (color === "error") return ERROR_TIMEOUT_MS;
  if (color === "success") return SUCCESS_TIMEOUT_MS;
  return DEFAULT_TIMEOUT_MS;
}

export function createToastStore() {
  let toasts: Toast[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((listener) => listener());

  function add(input: ToastInput = {}): string {
    const id = input.id ?? `toast-${Date.now().toString(36)}-${(counter++).toString(36)}`;
    const usesDefaultText = input.title === undefined && input.description === undefined;
    const next: Toast = {
      id,
      open: true,
      title: usesDefaultText ? DEFAULT_TOAST.title : input.title,
      description: usesDefaultText ? DEFAULT_TOAST.description : input.description,
      color: input.color,
      icon: input.icon,
      timeout: input.timeout ?? defaultTimeout(input.color),
    };
    toasts = [...toasts.filter((t) => t.id !== id), next];
    emit();
    return id;
  }

  function dismiss(id: string): void {
    if (!toasts.some((t) => t.id === id && t.open)) return;
    toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
    emit();
    removals.set(
      id,
      setTimeout(() => remove(id), REMOVE_DELAY_MS),
    );
  }

  function remove(id: string): void {
    clearTimeout(removals.get(id));
    removals.delete(id);
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }

  function clear(): void {
    removals.forEach((timer) => clearTimeout(timer));
    removals.clear();
    toasts = [];
    emit();
  }

  return {
    add,
    dismiss,
    remove,
    clear,
    /** Every toast still in the queue, oldest first. */
    getAll: () => toasts,
    /** The newest MAX_VISIBLE_TOASTS, oldest first (stable identity between changes). */
    getVisible: (() => {
      let source: Toast[] | undefined;
      let visible: Toast[] = [];
      return () => {
        if (source !== toasts) {
          source = toasts;
          visible = toasts.slice(-MAX_VISIBLE_TOASTS);
        }
        return visible;
      };
    })(),
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's one store. */
export const toastStore = createToastStore();

/** Shows a toast; with no title and no description it shows the default text. */
export function toast(input?: ToastInput): string {
  return toastStore.add(input);
}
toast.error = (title: string, description?: string) => toastStore.add({ title, description, color: "error" });
toast.success = (title: string, description?: string) => toastStore.add({ title, description, color: "success" });
toast.dismiss = (id: string) => toastStore.dismiss(id);
