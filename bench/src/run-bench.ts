// Placeholder: the runner is being written (issue 18).
console.log('The benchmark runner is not written yet.');
