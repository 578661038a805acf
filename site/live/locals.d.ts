// What the server hands a page it renders (server/site-pages.ts): the live menu to print, and
// the owner's live minimum delivery fee for the fees line.
declare namespace App {
  interface Locals {
    menu?: import('../../shared/api/menu-answer.ts').MenuAnswer;
    minimumFeeCents?: number;
  }
}
