import { createContext } from "react-router";
import type { Services } from "./services.server";

/** Services handed to every loader, action and middleware through the router context. */
export const servicesContext = createContext<Services>();
