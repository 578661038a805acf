// Stands in for prop-types in the widget bundle: react-shadow declares its props' types with it,
// which only React's development build ever checks; preact never does.
const check = Object.assign(() => null, { isRequired: () => null });
const checker = () => check;
export default {
  oneOf: checker,
  oneOfType: checker,
  arrayOf: checker,
  instanceOf: checker,
  bool: check,
  node: check,
  object: check,
  string: check,
};
