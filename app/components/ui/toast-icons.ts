import { CircleAlert, CircleCheck, Info, LogOut, Sparkles, Trash2, TriangleAlert } from "lucide-react";

/** Icons a toast may name (spec §3 Toast.icon), bundled so nothing is fetched at run time. */
export const toastIcons = {
  error: CircleAlert,
  success: CircleCheck,
  info: Info,
  warning: TriangleAlert,
  logout: LogOut,
  sparkles: Sparkles,
  trash: Trash2,
};
