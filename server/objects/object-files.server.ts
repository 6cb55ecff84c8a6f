export { objectFolder } from "../storage/folders.server";
