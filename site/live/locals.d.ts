// What the server hands a page it renders (server/site-pages.ts): the live menu to print.
declare namespace App {
  interface Locals {
    menu?: import('../../shared/api/menu-answer.ts').MenuAnswer;
  }
}
