// Every part of the widget speaks English in these tests, as a page's parts do once loaded.
import english from 'comal-messages:en/common,menu,item,cart,checkout,account,pay,handover,sms,api';
import { addMessages } from '../../widget/i18n.ts';

addMessages('en', english);
