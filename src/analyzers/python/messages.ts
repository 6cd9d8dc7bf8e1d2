// PyScent's summary lines, worded as the CRScore pipeline's PyScent driver prints them (one line
// per smell type, naming the worst instance; one line per useless handler). Typos are the tool's.
export const pyscentMessages = {
  longMethod: (count: number, name: string, line: number, statements: number) =>
    `Long method smell detected with ${count} long methods and longest method \`${name}\` at line ${line} containing ${statements} lines`,
  longParameterList: (count: number, name: string, line: number, params: number, args: string[]) =>
    `Long parameter list smell detected with ${count} methods with long parameter lists and method \`${name}\` at line ${line} having ${params} parameters` +
    (name ? ` (${args.map((a) => `\`${a}\``).join(', ')})` : ''),
  longBranch: (count: number, name: string, line: number, branches: number) =>
    `Long branch smell detected with ${count} methods with long branching and method with most branches \`${name}\` at line ${line} having ${branches} branches`,
  manyAttributes: (count: number, name: string, attributes: number, initAttributes: string[]) =>
    `Many attribute smell detected with ${count} classes having many attributes and the class with most attributes, \`${name}\` having ${attributes} attributes` +
    ` (${initAttributes.map((a) => `\`${a}\``).join(', ')})`,
  manyMethods: (count: number, name: string, methods: number, publicMethods: string[]) =>
    `Many methods smell detected with ${count} classes having many methods and the class with most methods, \`${name}\` having ${methods} methods` +
    ` (${publicMethods.map((m) => `\`${m}\``).join(', ')})`,
  uselessTry: (reason: string, line: number) =>
    `Useless try except smell with "${reason.toLowerCase()}" at line ${line}`,
  shotgunSurgery: (count: number, name: string, calls: number) =>
    `Shotgun smell detected with ${count} classes with too many external functions and class with most external function calls, \`${name}\` having ${calls} external function calls`,
  classCohesion: (count: number, classes: number, limit: number) =>
    `Class cohesion smell detected with ${count} out of ${classes} classes having cohesion < ${limit}%`,
  codeComplexity: (count: number, blocks: number) =>
    `Code complexity smell detected with ${count} of ${blocks} code blocks having cyclomatic complexity of rank C or worse (rank C is moderate to slighly complex with cyclomatic complexity between 11 and 20).`,
  longLambda: (count: number, source: string, line: number, length: number) =>
    `Long lambda smell detected with ${count} long lambda functions and the longest lambda function \`${source}\` at line ${line} having line length ${length}`,
  longListComprehension: (count: number, source: string, line: number, length: number) =>
    `Long list comprehension smell detected with ${count} long list comprehensions and the longest list comprehension \`${source}\` at line ${line} having line length ${length}`,
};
