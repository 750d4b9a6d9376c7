/** The member a conversation is with, as its header and page show them. */
export interface Partner {
  id: string;
  name: string;
  main_image: string | null;
  fictional: boolean;
  /** False while their e-mail is not confirmed: nobody can reply to them yet. */
  confirmed?: boolean;
}
