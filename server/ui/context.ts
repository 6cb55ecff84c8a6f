import { createContext } from "react-router";
import type { Services } from "../services";

/** Services handed to every loader, action and middleware through the router context. */
export const servicesContext = createContext<Services>();

/**
 * Set when a page is rendered to be served without React in the browser (the landing page,
 * terms, privacy: docs/decisions/046): the script that runs its controls instead.
 */
export const staticPageContext = createContext<{ script: string } | null>(null);
