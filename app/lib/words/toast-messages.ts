import type { ToastInput } from "~/lib/state/toast-store";

/** The spec's error catalogue (§8) and success toasts, word for word. */
export const toastMessages = {
  loginLinkError: {
    title: "Login link error",
    description: "There was an error sending the login link. Please try again.",
    color: "error",
  },
  loginError: {
    title: "Login error",
    description: "There was an error logging you in. Please try again.",
    color: "error",
  },
  logoutError: {
    title: "Logout error",
    description: "There was an error logging you out. Please try again.",
    color: "error",
  },
  userDeletionError: {
    title: "User deletion error",
    description: "There was an error deleting your account. Please try again.",
    color: "error",
  },
  creditBalanceError: {
    title: "Credit balance error",
    description: "There was an error reading your credit balance. Please try again.",
    color: "error",
  },
  listenerError: { title: "Something went wrong", description: "Please try again later.", color: "error" },
  accountDeleted: {
    title: "Account deleted",
    description: "Your account has been successfully deleted.",
    color: "success",
  },
} satisfies Record<string, ToastInput>;
