#define PY_SSIZE_T_CLEAN
#include <Python.h>

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ngrams", "placeholder", -1, NULL};

PyMODINIT_FUNC PyInit__ngrams(void) { return PyModule_Create(&module); }
