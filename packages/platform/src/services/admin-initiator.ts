/** Who made an administrative change: a user, or the platform itself (`null`: first start). */
export type AdminInitiator = { readonly id: number; readonly email: string } | null;
