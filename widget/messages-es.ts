/**
 * The widget's Spanish words, every part's, in one chunk loaded before the widget first shows in
 * Spanish. The API's messages come after, in their own chunk (widget/messages-es-api.ts).
 */
import messages from 'comal-messages:es/common,menu,item,cart,checkout,account,pay,handover,sms';

export { messages };
